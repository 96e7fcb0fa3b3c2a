// The sidebar as a slide-in drawer on small screens (Radix Dialog: focus stays inside, Escape, the
// overlay and the close button all close it). Loaded on the first menu press, so it costs the home
// page nothing.
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { IconButton } from '../../components/ui/icon-button';
import { ProductName } from './product-name';
import { SidebarNav } from './sidebar-nav';

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function MobileDrawer({ open, onOpenChange }: MobileDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="drawer-overlay" className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-64 max-w-[85vw] flex-col bg-white shadow-xl data-[state=open]:animate-[drawer-in_200ms_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title asChild>
              <div>
                <ProductName />
              </div>
            </Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label="Close menu">
                <X aria-hidden />
              </IconButton>
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
