// Catalog icon names to lucide icons (one place, so the catalog stays free of React).
import type { HomeCardIcon, NavIcon } from '@grabbit/catalog';
import { Download, FileAudio, FileVideo, Headphones, Image, Music, type LucideIcon } from 'lucide-react';

const icons: Record<NavIcon | HomeCardIcon, LucideIcon> = {
  download: Download,
  image: Image,
  'file-video': FileVideo,
  'file-audio': FileAudio,
  music: Music,
  headphones: Headphones,
};

export function CatalogIcon({ name, className }: { name: NavIcon | HomeCardIcon; className?: string }) {
  const Icon = icons[name];
  return <Icon className={className} aria-hidden />;
}
