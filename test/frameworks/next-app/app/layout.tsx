import type { ReactNode } from 'react';

export const metadata = { title: 'What our customers say' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
