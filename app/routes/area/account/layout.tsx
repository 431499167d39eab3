import { Outlet } from 'react-router';
import { AccountNav } from '#app/modules/accounts/ui.ts';

/**
 * The account pages (spec §2 /mijnslaagbundel/account: '', mijn-vakken-boeken
 * and profile): one heading and the sub navigation, mobile first. The area
 * layout's guard has run; its answers are private, never stored.
 */
export default function AccountLayout() {
  return (
    <div className="container-page py-8 md:py-12">
      <p className="print-hidden font-semibold text-brand-dark">Mijn Slaagbundel</p>
      <h1 className="print-hidden text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn account</h1>
      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 print:block">
        <AccountNav />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
