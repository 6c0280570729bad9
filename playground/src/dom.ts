/** Builds an element with attributes and children: enough DOM for a page without a framework. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The element with this id, which index.html guarantees. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no #${id}`);
  return element as T;
}

/**
 * A "Copy" button for the text `read` gives when clicked. Where the clipboard is refused (no
 * permission, an insecure context), the text is selected instead and the button says so.
 */
export function copyButton(read: () => { text: string; source: Node }): HTMLButtonElement {
  const button = h("button", { type: "button", class: "small copy" }, "Copy");
  const say = (label: string) => {
    button.textContent = label;
    setTimeout(() => {
      button.textContent = "Copy";
    }, 1500);
  };
  button.addEventListener("click", () => {
    const { text, source } = read();
    const fallBack = () => {
      getSelection()?.selectAllChildren(source);
      say("Selected: press Ctrl+C");
    };
    if (!navigator.clipboard) return fallBack();
    navigator.clipboard.writeText(text).then(() => say("Copied"), fallBack);
  });
  return button;
}

/** The message of an error, for a `<pre>`: qaql's errors end with the text and a caret under it. */
export function errorBlock(error: Error): HTMLPreElement {
  return h("pre", { class: "error" }, error.message);
}
