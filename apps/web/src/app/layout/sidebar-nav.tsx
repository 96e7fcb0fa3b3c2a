// The sidebar's navigation: three collapsible groups open by default; the converter group's
// sub-groups (Image, Video, Audio) open one at a time: opening one closes the others.
import { converterById, navigation, routeForPath, type NavGroup, type NavItem } from '@grabbit/catalog';
import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
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
        <Collapsible.Root
          key={group.id}
          open={openId === group.id}
          onOpenChange={(open) => setOpenId(open ? group.id : undefined)}
          asChild
        >
          <section aria-labelledby={`nav-${group.id}`}>
            <h3 id={`nav-${group.id}`}>
              <Collapsible.Trigger
                className={cn(triggerClasses, 'py-1.5 text-sm font-medium text-slate-800')}
              >
                {group.title}
                <ChevronDown className={chevron} aria-hidden />
              </Collapsible.Trigger>
            </h3>
            {/* Kept in the HTML while closed, so every tool link stays crawlable. */}
            <Collapsible.Content forceMount className="pl-2 data-[state=closed]:hidden">
              <ul className="space-y-0.5 py-1">
                {group.items?.map((item) => (
                  <NavEntry key={item.path} item={item} onNavigate={onNavigate} />
                ))}
              </ul>
            </Collapsible.Content>
          </section>
        </Collapsible.Root>
      ))}
    </div>
  );
}

function NavGroupSection({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <section aria-labelledby={`nav-${group.id}`}>
        <h2 id={`nav-${group.id}`}>
          <Collapsible.Trigger
            className={cn(triggerClasses, 'text-xs tracking-wide text-slate-600 uppercase')}
          >
            {group.title}
            <ChevronDown className={chevron} aria-hidden />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content forceMount className="mt-1 data-[state=closed]:hidden">
          {group.children ? (
            <SubGroups groups={group.children} onNavigate={onNavigate} />
          ) : (
            <ul className="space-y-0.5">
              {group.items?.map((item) => (
                <NavEntry key={item.path} item={item} onNavigate={onNavigate} />
              ))}
            </ul>
          )}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
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
