// The one layout of every tool page, downloaders and converters alike: title and description, the
// top banner, the tool card, the queue (once it has items), a medium slot, the help, the bottom
// banner. Same order and spacing on both kinds of page, so a visitor finds each part where the other
// kind of page had it. Each part carries `data-tool-part`, which the layout test reads. Keyboard
// focus never falls to the page body from here (use-keep-focus.ts).
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { AdSlot, BannerSlot } from '../ads';
import { useKeepFocus } from './use-keep-focus';

export interface ToolPageLayoutProps extends Omit<ComponentProps<'div'>, 'children'> {
  heading: string;
  description?: string;
  /** The tool itself, in a `ToolCard`. */
  card: ReactNode;
  /** The queue; renders nothing while empty. */
  queue: ReactNode;
  /** How-to, formats, tips and the page's own sections. */
  help: ReactNode;
}

export function ToolPageLayout({
  heading,
  description,
  card,
  queue,
  help,
  className,
  ...props
}: ToolPageLayoutProps) {
  const pageRef = useRef<HTMLDivElement>(null);
  const queueRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useKeepFocus(pageRef, queueRef, titleRef);
  return (
    <div ref={pageRef} className={cn('mx-auto flex max-w-4xl flex-col gap-8', className)} {...props}>
      <div className="space-y-2 text-center" data-tool-part="title">
        <h1
          ref={titleRef}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 outline-none sm:text-3xl"
        >
          {heading}
        </h1>
        {description && <p className="text-slate-700">{description}</p>}
      </div>
      <BannerSlot size="728x90" priority="high" />
      <div data-tool-part="card">{card}</div>
      {/* An empty queue takes no room (a flex gap skips a child that is not displayed). */}
      {/* Takes focus when the control that had it goes away (use-keep-focus.ts). */}
      <div
        ref={queueRef}
        tabIndex={-1}
        data-tool-part="queue"
        className="rounded-lg outline-indigo-600 empty:hidden focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {queue}
      </div>
      <AdSlot size="300x250" priority="medium" bleed />
      {/* The help lies below the fold on a phone: the browser lays it out only as it comes near the */}
      {/* screen (it stays in the page for search, find-in-page and screen readers). */}
      <div
        data-tool-part="help"
        className="flex flex-col gap-8 [contain-intrinsic-size:auto_1500px] [content-visibility:auto]"
      >
        {help}
      </div>
      <BannerSlot size="728x90" priority="low" />
    </div>
  );
}

/** The tool card's frame, the same on every tool page. */
export function ToolCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <div className="space-y-5 p-5">{children}</div>
    </Card>
  );
}
