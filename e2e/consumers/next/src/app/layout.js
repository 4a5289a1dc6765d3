export const metadata = { title: 'Dashboard (Next.js)', icons: 'data:,' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
