export { BUNDLE_MESSAGES } from './domain/messages.ts';
export { BUNDLES_PATH } from './domain/paths.ts';
export { bundleIdParamsSchema, bundleListSchema, bundleSchema } from './schemas/bundles.ts';
