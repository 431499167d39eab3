export { BundleCard, BundleCovers, BundlePriceLines } from './ui/bundle-parts.tsx';
export { DiscountTiers } from './ui/discount-tiers.tsx';
export { LazyProductBlock } from './ui/lazy.ts';
export { LevelChooser } from './ui/level-chooser.tsx';
export { PreviewViewer } from './ui/preview-viewer.tsx';
export { ProductCard, ProductCardSection, type ProductCardVariant, stockLabel } from './ui/product-card.tsx';
export { ProductFilters } from './ui/product-filters.tsx';
