import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstScreenCode } from './app/first-screen';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
void firstScreenCode(location.pathname).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
