import type { ApiServer } from "../../src/server/api-server.ts";

/** A JSON answer of the reference server: its status, headers and parsed body. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** GETs `path` of `server` without a socket, as the holder of `token` unless `headers` says otherwise. */
export async function getAnswer(
  server: ApiServer,
  token: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await server.fetch(
    new Request(`http://api.example${path}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
    }),
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}
