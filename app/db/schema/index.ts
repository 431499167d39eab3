export * from './catalog.ts';
export * from './content.ts';
export * from './consent.ts';
export * from './meta.ts';
export * from './rate-limits.ts';
export * from './contact.ts';
export * from './mail.ts';
export * from './newsletter.ts';
