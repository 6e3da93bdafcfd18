let titles = 0;

/** Gives a dialog with no accessible name its visible title as its name (aria-labelledby), once it is in the page. */
function nameByTitle(dialog: Element): void {
  if (dialog.hasAttribute('aria-labelledby') || dialog.hasAttribute('aria-label')) return;
  const title = dialog.querySelector('.modal-title, .offcanvas-title');
  if (!title) return;
  if (!title.id) title.id = `dialog-title-${++titles}`;
  dialog.setAttribute('aria-labelledby', title.id);
}

/**
 * Every dialog of the app is named by its title for screen readers (issue 17: unnamed dialogs were serious axe
 * violations). react-bootstrap's Modal does not link its Modal.Title to the dialog itself, and a dialog added later
 * by any screen must not be able to forget it, so this is done once for the whole page rather than in each modal.
 */
export function nameDialogsByTitle(root: Document = document): MutationObserver {
  const observer = new MutationObserver(() => {
    for (const dialog of root.querySelectorAll('[role="dialog"]')) nameByTitle(dialog);
  });
  observer.observe(root.body, { childList: true, subtree: true });
  return observer;
}
