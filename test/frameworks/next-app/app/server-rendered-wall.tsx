// app/server-rendered-wall.tsx
'use client';
import { createElement, use, useId, useState } from 'react';
import type { WallAttributes } from 'testimonial-elements/ssr';
import { wallHtml } from './wall-html';

/**
 * `<testimonial-wall>` rendered on the server, its HTML sent once. React has no declarative shadow DOM,
 * and a server component's `dangerouslySetInnerHTML` travels twice: in the page, and again in the React
 * Server Components payload (`self.__next_f`) that hydrates it. A client component's server pass is not
 * in that payload, only its props are: so the HTML is rendered here, while Next.js renders this component
 * to HTML on the server, and in the browser the component asks for an empty `dangerouslySetInnerHTML`,
 * which React neither compares nor applies while hydrating: the server's wall stays, and the elements
 * take it over once they are defined.
 */
export function ServerRenderedWall({ attributes, lang }: { attributes: WallAttributes; lang: string }) {
  const id = useId();
  // True when this component hydrates the server's HTML; false when it mounts in the browser (a
  // client-side navigation to the page), where the wall renders itself.
  const [fromServer] = useState(() => typeof document !== 'undefined' && document.getElementById(id) !== null);
  if (typeof window === 'undefined') {
    return <div id={id} dangerouslySetInnerHTML={{ __html: use(wallHtml(attributes, lang)) }} />;
  }
  if (fromServer) return <div id={id} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  return <div id={id}>{createElement('testimonial-wall', attributes)}</div>;
}
