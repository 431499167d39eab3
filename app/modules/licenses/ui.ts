export { LazyLicenseBlock } from './ui/lazy.ts';
export { AddSubjects, LicenseForm, MySubjects, OwnedProducts } from './ui/subjects-and-books.tsx';
