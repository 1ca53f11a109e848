// The one way the views build elements: text goes in as text, never as HTML.

/** A new `tag` element with an optional class name and text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}
