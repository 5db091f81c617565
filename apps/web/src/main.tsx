import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Kora</h1>
      <p>Memberships, subscriptions and payments for gyms in Nigeria.</p>
    </main>
  </StrictMode>,
);
