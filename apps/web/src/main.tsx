import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startLocale } from './lib/i18n/locale-choice.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render waits for the language's catalog: English is in this load, another
// language is one small chunk (docs/DECISIONS.md, "The interface in six languages").
void startLocale().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
