import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A modal `<dialog>`: opened with `showModal` (focus moves into it, the page behind is inert), closed by Escape
 * (the browser's own `cancel`), by a click on the backdrop, or by its buttons; `onClose` tells the owner.
 */
export function Modal({
  label,
  onClose,
  children,
  class: cls,
  testid,
}: {
  label: string;
  onClose: () => void;
  children: ComponentChildren;
  class?: string;
  testid?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => {
      if (d?.open) d.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class={`modal-dialog ${cls ?? ''}`}
      aria-label={label}
      data-testid={testid}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) ref.current?.close();
      }}
    >
      <div class="modal-body">{children}</div>
    </dialog>
  );
}
