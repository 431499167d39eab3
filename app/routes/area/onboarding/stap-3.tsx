import { Outlet } from 'react-router';

/** stap-3 (spec §2): the leerweg (with VMBO) or the profile (havo/vwo pupils); its index picks one. */
export default function OnboardingStap3() {
  return <Outlet />;
}
