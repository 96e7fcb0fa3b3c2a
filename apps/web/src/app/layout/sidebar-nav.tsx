// The sidebar's navigation: three collapsible groups open by default; the converter group's
// sub-groups (Image, Video, Audio) open one at a time: opening one closes the others.
//
// Each group is a plain disclosure (a button with aria-expanded that shows or hides its list), not
// Radix's Collapsible: that one reads each section's computed style as it mounts, to follow
// animations this menu does not have, which made the browser compute the whole page's styles
// while the page turned live on a phone. Class lists are written whole per state (lib/cn.ts).
import { converterById, navigation, routeForPath, type NavGroup, type NavItem } from '@grabbit/catalog';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { CatalogIcon } from './nav-icon';

const navLinkClasses = 'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm hover:text-slate-900';
const idleLink = `${navLinkClasses} text-slate-700 hover:bg-slate-100`;
const currentLink = `${navLinkClasses} bg-indigo-50 font-semibold text-indigo-800 hover:bg-indigo-100`;

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  return (
    <li>
      <NavLink
        to={item.path}
        onClick={onNavigate}
        className={({ isActive }) => (isActive ? currentLink : idleLink)}
      >
        <CatalogIcon name={item.icon} className="size-4 shrink-0" />
        {item.label}
      </NavLink>
    </li>
  );
}

const triggerClasses =
  'group flex w-full items-center justify-between rounded-md px-3 text-left hover:bg-slate-100';
/** A group's heading button (h2) and a converter sub-group's (h3). */
const groupTrigger = `${triggerClasses} py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase`;
const subGroupTrigger = `${triggerClasses} py-1.5 text-sm font-medium text-slate-800`;
const chevron = 'size-4 shrink-0 transition-transform group-aria-[expanded=false]:-rotate-90';

function NavList({
  items,
  className,
  onNavigate,
}: {
  items: readonly NavItem[] | undefined;
  className: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {items?.map((item) => (
        <NavEntry key={item.path} item={item} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

/** A group (h2) or converter sub-group (h3): a heading that toggles, and its content. */
function CollapsibleSection({
  group,
  heading: Heading,
  open,
  onOpenChange,
  triggerClassName,
  contentClassName,
  children,
}: {
  group: NavGroup;
  heading: 'h2' | 'h3';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerClassName: string;
  contentClassName: string;
  children: ReactNode;
}) {
  const contentId = useId();
  return (
    <section aria-labelledby={`nav-${group.id}`}>
      <Heading id={`nav-${group.id}`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          className={triggerClassName}
          onClick={() => onOpenChange(!open)}
        >
          {group.title}
          <ChevronDown className={chevron} aria-hidden />
        </button>
      </Heading>
      {/* Kept in the HTML while closed, so every tool link stays crawlable. */}
      <div id={contentId} hidden={!open} className={contentClassName}>
        {children}
      </div>
    </section>
  );
}

function SubGroups({ groups, onNavigate }: { groups: readonly NavGroup[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  // Open the sub-group of the page being shown, else the first one.
  const converterId = routeForPath(pathname)?.converterId;
  const activeKind = converterId ? converterById(converterId)?.kind : undefined;
  const initial = groups.find((g) => activeKind && g.id === `${activeKind}-converters`)?.id ?? groups[0]?.id;
  const [openId, setOpenId] = useState<string | undefined>(initial);
  return (
    <div className="space-y-1">
      {groups.map((group) => (
        <CollapsibleSection
          key={group.id}
          group={group}
          heading="h3"
          open={openId === group.id}
          onOpenChange={(open) => setOpenId(open ? group.id : undefined)}
          triggerClassName={subGroupTrigger}
          contentClassName="pl-2"
        >
          <NavList items={group.items} className="space-y-0.5 py-1" onNavigate={onNavigate} />
        </CollapsibleSection>
      ))}
    </div>
  );
}

function NavGroupSection({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <CollapsibleSection
      group={group}
      heading="h2"
      open={open}
      onOpenChange={setOpen}
      triggerClassName={groupTrigger}
      contentClassName="mt-1"
    >
      {group.children ? (
        <SubGroups groups={group.children} onNavigate={onNavigate} />
      ) : (
        <NavList items={group.items} className="space-y-0.5" onNavigate={onNavigate} />
      )}
    </CollapsibleSection>
  );
}

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Tools" className="space-y-4">
      {navigation.map((group) => (
        <NavGroupSection key={group.id} group={group} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}
