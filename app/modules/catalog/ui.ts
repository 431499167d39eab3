export { DiscountTiers } from './ui/discount-tiers.tsx';
export { LazyProductBlock } from './ui/lazy.ts';
export { PreviewViewer } from './ui/preview-viewer.tsx';
export { CARD_FRAME, CardLink, Eyebrow, ProductCard, ProductCardSection, stockLabel } from './ui/product-card.tsx';
export { ProductFilters } from './ui/product-filters.tsx';
