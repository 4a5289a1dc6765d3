'use client';
import { useEffect, useRef } from 'react';
import { show } from '../calls.js';

export default function Dashboard() {
  const out = useRef(null);
  // After hydration, in the browser only.
  useEffect(() => {
    show(out.current);
  }, []);
  return <output id="result" ref={out} />;
}
