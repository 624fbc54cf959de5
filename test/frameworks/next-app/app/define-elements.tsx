// app/define-elements.tsx
'use client';
import { useEffect } from 'react';

/** Defines the elements once React has hydrated the page: they then take the server's HTML over. */
export function DefineElements() {
  useEffect(() => {
    void import('testimonial-elements/define');
  }, []);
  return null;
}
