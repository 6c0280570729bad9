import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Keeps `</script>` and `<!--` inside inlined code from ending or commenting out its tag. */
const escapeForScript = (code: string) => code.replace(/<(\/script|!--)/gi, "\\x3C$1");

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Moves the built JavaScript and CSS into index.html, so that `dist/index.html` works opened
 * as a file: Chromium refuses `<script type="module" src>` from file://, but runs inline modules.
 */
function inlineIntoHtml(): Plugin {
  return {
    name: "qaql-playground:inline-into-html",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      let text = String(html.source);
      for (const [fileName, output] of Object.entries(bundle)) {
        const name = escapeForRegExp(fileName);
        const tag =
          output.type === "chunk"
            ? new RegExp(`<script type="module"[^>]*src="[^"]*${name}"[^>]*></script>`)
            : fileName.endsWith(".css")
              ? new RegExp(`<link rel="stylesheet"[^>]*href="[^"]*${name}"[^>]*>`)
              : undefined;
        if (!tag?.test(text)) continue;
        const inlined =
          output.type === "chunk"
            ? `<script type="module">${escapeForScript(output.code)}</script>`
            : `<style>${String(output.source)}</style>`;
        // A function, not a string: `$&` and the like in the code must stay as they are.
        text = text.replace(tag, () => inlined);
        delete bundle[fileName];
      }
      html.source = text;
    },
  };
}

export default defineConfig({
  root: here("."),
  base: "./",
  resolve: {
    // Regexes, so that `qaql/codemirror` is not read as `qaql` followed by `/codemirror`.
    alias: [
      { find: /^qaql\/codemirror$/, replacement: here("../src/integrations/codemirror/index.ts") },
      { find: /^qaql\/list$/, replacement: here("../src/list/index.ts") },
      { find: /^qaql$/, replacement: here("../src/index.ts") },
    ],
  },
  server: { host: "127.0.0.1" },
  json: { stringify: true },
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    modulePreload: false,
    cssCodeSplit: false,
    assetsInlineLimit: Number.POSITIVE_INFINITY,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { output: { codeSplitting: false } },
  },
  plugins: [inlineIntoHtml()],
});
