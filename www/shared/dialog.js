// The in-page confirmation dialog (window.confirm would block and cannot be styled).
import { el, add, button } from './dom.js';

export function createDialog(id) {
  const dialog = el('dialog', 'dialog confirm-dialog');
  const text = add(dialog, el('p', 'dialog-text'));
  text.id = `${id}-dialog-text`;
  dialog.setAttribute('aria-labelledby', text.id);
  const buttons = add(dialog, el('div', 'dialog-buttons'));
  const cancelButton = add(buttons, button('btn dialog-cancel', 'Cancel', () => close(false)));
  const okButton = add(buttons, button('btn dialog-ok', 'OK', () => close(true)));
  let resolveOpen = null;
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault();
    close(false);
  });

  function close(result) {
    if (!resolveOpen) return;
    const resolve = resolveOpen;
    resolveOpen = null;
    if (dialog.open) dialog.close();
    resolve(result);
  }

  return {
    element: dialog,

    /** Asks; resolves to true (OK) or false (Cancel, Escape, another question, destroy). */
    confirm(question, okLabel = 'OK') {
      close(false);
      text.textContent = question;
      okButton.textContent = okLabel;
      return new Promise((resolve) => {
        resolveOpen = resolve;
        try {
          dialog.showModal();
        } catch {
          dialog.setAttribute('open', '');
        }
        cancelButton.focus();
      });
    },

    isOpen: () => resolveOpen !== null,

    close: () => close(false),
  };
}
