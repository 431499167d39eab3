export { BundleCard, BundleCovers, BundlePriceLines } from './ui/bundle-parts.tsx';
