import { BrowserRouter } from 'react-router-dom';
import { CrashBoundary } from './error-boundary';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App() {
  return (
    <CrashBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </CrashBoundary>
  );
}
