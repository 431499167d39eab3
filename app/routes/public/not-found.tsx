import { data } from 'react-router';

/** Every path no other route knows is a real 404 (spec §2, §8). */
export function loader() {
  throw data('This page could not be found', { status: 404 });
}

export default function NotFound() {
  return null;
}
