import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startColdLoad } from './coldLoad';
import { readStoredUser } from './providers/session';
import './fonts.css';

// A signed-in member's cold load asks for what its screen needs beside the app's own start.
if (readStoredUser()) startColdLoad(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
