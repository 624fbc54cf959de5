// Another page of the site, with a link to the wall's: following it renders the wall in the browser
// (a client-side navigation gets no server HTML), which the test checks too.
import Link from 'next/link';

export default function Elsewhere() {
  return (
    <main>
      <h1>Elsewhere</h1>
      <Link href="/">What our customers say</Link>
    </main>
  );
}
