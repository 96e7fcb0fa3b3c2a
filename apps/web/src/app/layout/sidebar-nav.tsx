// The sidebar's navigation: three collapsible groups open by default; the converter group's
// sub-groups (Image, Video, Audio) open one at a time: opening one closes the others.
import { converterById, navigation, routeForPath, type NavGroup, type NavItem } from '@grabbit/catalog';
import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { CatalogIcon } from './nav-icon';

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  return (
    <li>
      <NavLink
        to={item.path}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900',
            isActive && 'bg-indigo-50 font-semibold text-indigo-800 hover:bg-indigo-100',
          )
        }
      >
        <CatalogIcon name={item.icon} className="size-4 shrink-0" />
        {item.label}
      </NavLink>
    </li>
  );
}

const triggerClasses =
  'group flex w-full items-center justify-between rounded-md px-3 py-2 text-left font-semibold text-slate-900 hover:bg-slate-100';
const chevron = 'size-4 shrink-0 transition-transform group-data-[state=closed]:-rotate-90';

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
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} asChild>
      <section aria-labelledby={`nav-${group.id}`}>
        <Heading id={`nav-${group.id}`}>
          <Collapsible.Trigger className={cn(triggerClasses, triggerClassName)}>
            {group.title}
            <ChevronDown className={chevron} aria-hidden />
          </Collapsible.Trigger>
        </Heading>
        {/* Kept in the HTML while closed, so every tool link stays crawlable. */}
        <Collapsible.Content forceMount className={cn(contentClassName, 'data-[state=closed]:hidden')}>
          {children}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
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
          triggerClassName="py-1.5 text-sm font-medium text-slate-800"
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
      triggerClassName="text-xs tracking-wide text-slate-600 uppercase"
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
