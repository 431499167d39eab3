import type { ArticleExamCheck } from '#app/modules/checks/index.ts';

export type { ArticleExamCheck };
/** What pages show of the content service's entries (spec §3 content entries), shaped for the UI. */
import type { ProductCardData, ProductSummary } from '#app/modules/catalog/index.ts';

export interface NavItem {
  id: string;
  title: string;
  link: string;
  children: NavItem[];
}

export interface FooterColumn {
  id: string;
  title: string;
  items: NavItem[];
}

export interface Navigation {
  main: NavItem[];
  accountFooter: NavItem[];
  footerColumns: FooterColumn[];
}

export interface SocialLink {
  icon: string;
  url: string;
}

export interface ProductsArchiveCta {
  title: string;
  text: string;
  buttonLabel: string;
  link: string;
  theme: string;
}

export interface Campaign {
  id: string;
  title: string;
  body: string[];
  buttonLabel: string;
  link: string;
  image: string;
}

export interface SiteConfig {
  socialLinks: SocialLink[];
  productsArchiveCTAs: ProductsArchiveCta[];
  saleBanner: { text: string; link: string } | null;
  campaign: Campaign | null;
}

export interface FooterLogo {
  id: string;
  title: string;
  url: string;
}

export interface ArticleSummary {
  id: string;
  title: string;
  slug: string;
  intro: string;
  publishDate: string;
  image: string | null;
  category: { title: string; slug: string } | null;
}

export interface CmsPage {
  id: string;
  slug: string;
  title: string;
  metaDescription: string;
  /** The body: safe HTML pieces with the plain blocks an editor embedded between them (no product blocks). */
  body: ArticleBodySegment[];
}

/**
 * The `[[examenrooster]]` block (issue 35): the CvTE timetables staff published, and for each coming exam year
 * without one the day the study plan aims at, in the plan's own words.
 */
export interface ExamTimetableOverview {
  published: {
    examYear: number;
    /** "Examenrooster CvTE 2027 (CvTE-25.00123)". */
    sourceName: string;
    source: string;
    firstPeriod: { from: string; to: string };
    secondPeriod: { from: string; to: string } | null;
    flexibleDigital: { from: string; to: string; levels: string } | null;
    exams: { name: string; date: string; start: string; end: string }[];
  }[];
  estimates: {
    examYear: number;
    /** The day the plan aims at ('YYYY-MM-DD') and its note, as the plan says it. */
    date: string;
    note: string;
    /** The vmbo bb/kb's, when it differs. */
    flexibleDate: string | null;
  }[];
}

/** A blog category with articles (spec §9: categories without articles are not listed). */
export interface BlogCategory {
  id: string;
  title: string;
  slug: string;
  articleCount: number;
}

/** One page of the blog list, all articles or one category's (spec §2, §7). */
export interface BlogListPage {
  articles: ArticleSummary[];
  page: number;
  totalPages: number;
  /** The category shown, or null for all articles. */
  category: BlogCategory | null;
  categories: BlogCategory[];
}

/** An article page (spec §3 article fields). */
/** A product as a block in an article shows it: a card, and the preview copy when there is one. */
export type ArticleProduct = ProductCardData & Pick<ProductSummary, 'hasPreview'>;

/** A block an editor embedded in an article's rich text (app/modules/content/domain/article-blocks.ts), with what it needs to render. */
export type ArticleBlock =
  | { kind: 'product' | 'product-preview' | 'add-to-cart'; product: ArticleProduct }
  | { kind: 'exam-check'; product: ArticleProduct; examCheck: ArticleExamCheck }
  | { kind: 'newsletter' | 'license' }
  | { kind: 'exam-timetable'; overview: ExamTimetableOverview };

/** An article's body: safe HTML pieces with the embedded blocks between them, in order. */
export type ArticleBodySegment = { type: 'html'; html: string } | { type: 'block'; block: ArticleBlock };

export interface ArticleDetail extends ArticleSummary {
  /** The document title before the brand suffix: metaTitle, titleTemplate applied when it holds '%s'. */
  documentTitle: string;
  metaDescription: string;
  body: ArticleBodySegment[];
  related: ArticleSummary[];
  /** The products the article is about (its relatedProducts), in the editor's order; unknown ones left out. */
  relatedProducts: ArticleProduct[];
  /** The article's product image (https or site-relative), shown with its products. */
  productImage: string | null;
}

/** Text with the words that matched a search marked (rendered as <mark>). */
export type HighlightedText = { text: string; hit: boolean }[];

/** A search answer; GET /api/v1/search documents it as searchResultsSchema (app/modules/content/schemas/search-query.ts). */
export interface SearchResults {
  query: string;
  page: number;
  products: {
    total: number;
    items: { href: string; name: HighlightedText; snippet: HighlightedText; priceCents: number }[];
  };
  /** Information pages (exameninfo, FAQ, …): on the first page only. */
  pages: {
    items: { href: string; title: HighlightedText; snippet: HighlightedText }[];
  };
  articles: {
    total: number;
    items: { href: string; title: HighlightedText; snippet: HighlightedText; publishDate: string }[];
  };
  hasNextPage: boolean;
}


/** The content side of a product (spec §7): copy keyed by SKU; price and stock come from the catalogue. */
export interface ContentProduct {
  id: string;
  sku: string;
  title: string;
  slug: string;
  level: string;
  subject: string;
  productType: string;
  intro: string;
}
