import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startRegistryLoad } from './registry/useRegistry';
import { startScreenCode } from './routes';
import { readStoredUser } from './providers/session';
import './fonts.css';

// A signed-in member's cold load asks for the registry and the screen's code beside the app's own start.
if (readStoredUser()) {
  startRegistryLoad();
  startScreenCode(window.location.pathname);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
