import type { Scope } from '#app/platform/server/deps.ts';
import { editionYear, opensStudyArea, productOffer } from '#app/modules/catalog/index.ts';
import { getProductPage } from '#app/modules/catalog/index.server.ts';
import { findOnlineContent } from '#app/modules/study/index.server.ts';

/**
 * A product's page as the shop offers it: the product, its preview copy and
 * related products (the catalogue's), and what the shop offers with it
 * (productOffer: how it can be ordered, what its licence code gives in Mijn
 * Slaagbundel, counted from the study content). Null for an unknown id.
 */
export async function getProductOffer(s: Scope, id: number) {
  const found = await getProductPage(s, id);
  if (!found) return null;
  const { product } = found;
  // Only a product whose licence code opens its subject promises anything online: no lookup for the others.
  const online = opensStudyArea(product.productType)
    ? await findOnlineContent(s, product.subject, product.level)
    : null;
  const offer = productOffer(product, online);
  return {
    product: {
      id: product.id,
      name: product.name,
      sku: product.sku,
      slug: product.slug,
      productType: product.productType,
      level: product.level,
      subject: product.subject,
      subjectTitle: product.subjectTitle,
      brand: product.brand,
      eanCode: product.eanCode,
      priceCents: product.priceCents,
      priceExVatCents: product.priceExVatCents,
      stock: product.stock,
      image: product.image,
      description: product.description,
      highlights: product.highlights,
      pages: product.pages,
      edition: editionYear(product.sku),
    },
    preview: found.preview,
    sameLevel: found.sameLevel,
    sameSubject: found.sameSubject,
    order: offer.order,
    online: offer.online,
    studySubject: offer.studySubject,
  };
}
