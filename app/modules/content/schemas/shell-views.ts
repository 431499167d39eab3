import type { FooterColumn, FooterLogo, NavItem, SocialLink } from './views.ts';

/** What the default layout shows on every page (the root loader's data). */
export interface ShellData {
  navigation: { main: NavItem[]; accountFooter: NavItem[]; footerColumns: FooterColumn[] };
  socialLinks: SocialLink[];
  saleBanner: { text: string; link: string } | null;
  saleBannerDismissed: boolean;
  footerLogos: FooterLogo[];
  year: number;
  publicUrl: string;
  gtmId: string | null;
}
