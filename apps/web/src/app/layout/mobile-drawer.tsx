// The sidebar as a slide-in drawer on small screens (Radix Dialog: focus stays inside, Escape, the
// overlay and the close button all close it, and focus goes back to the menu button). Loaded on the
// first menu press, so it costs the home page nothing.
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { ProductName } from './product-name';
import { SidebarNav } from './sidebar-nav';

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, outside the dialog: it gets focus back when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export default function MobileDrawer({ open, onOpenChange, returnFocusTo }: MobileDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-overlay" className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col bg-white shadow-xl data-[state=open]:animate-[drawer-in_200ms_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title asChild>
              <div>
                <ProductName />
              </div>
            </Dialog.Title>
            {/* No tooltip here: the drawer opens with focus on this button, and a tooltip shown on
                that focus would take the first Escape for itself instead of the drawer. */}
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-3">
            <SidebarNav onNavigate={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
