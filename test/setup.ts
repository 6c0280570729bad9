import fc from "fast-check";

// A failing property on a large input can shrink for minutes: stop it and fail instead.
fc.configureGlobal({ interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true });
