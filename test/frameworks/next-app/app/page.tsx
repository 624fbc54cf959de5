// app/page.tsx: a server component, the page, rendered on each request. `lang` is the page's (app/layout.tsx), so that
// the server writes the wall's words as the browser will show them.
import { DefineElements } from './define-elements';
import { ServerRenderedWall } from './server-rendered-wall';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <main>
      <h1>What our customers say</h1>
      <ServerRenderedWall lang="en" attributes={{ endpoint: '/api', limit: 6, layout: 'grid', label: 'What our customers say' }} />
      <DefineElements />
    </main>
  );
}
