// The sidebar: product name and navigation. Fixed on large screens; on small ones a top bar whose
// menu button opens the slide-in drawer.
import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { HydrateLater } from '../../components/hydrate-later';
import { Button } from '../../components/ui/button';
import { ProductName } from './product-name';
import { SidebarNav } from './sidebar-nav';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

export function DesktopSidebar() {
  return (
    <aside
      className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex"
      aria-label="Sidebar"
    >
      <div className="border-b border-slate-200 px-5 py-4">
        <ProductName />
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        <HydrateLater>
          <SidebarNav />
        </HydrateLater>
      </div>
    </aside>
  );
}

export function MobileTopBar() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing can animate and focus returns to the menu button.
  const [used, setUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
      {/* No tooltip on the menu button: one that opened under the drawer (a hover's delayed tooltip,
          or focus coming back) would take the drawer's Escape, or stand over it. */}
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} returnFocusTo={menuButton} />
        </Suspense>
      )}
      <ProductName />
    </div>
  );
}
