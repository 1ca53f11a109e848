// The in-page confirmation dialog (window.confirm would block and cannot be styled).

export function createDialog(id) {
  const dialog = document.createElement('dialog');
  dialog.className = 'dialog';
  const text = dialog.appendChild(document.createElement('p'));
  text.className = 'dialog-text';
  text.id = `${id}-dialog-text`;
  dialog.setAttribute('aria-labelledby', text.id);
  const buttons = dialog.appendChild(document.createElement('div'));
  buttons.className = 'dialog-buttons';
  const make = (className, label, result) => {
    const b = buttons.appendChild(document.createElement('button'));
    b.type = 'button';
    b.className = `btn ${className}`;
    b.textContent = label;
    b.addEventListener('click', () => close(result));
    return b;
  };
  const cancelButton = make('dialog-cancel', 'Cancel', false);
  const okButton = make('dialog-ok', 'OK', true);
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
