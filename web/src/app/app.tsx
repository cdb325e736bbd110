import { BrowserRouter } from 'react-router-dom';
import { CrashBoundary } from './error-boundary';
import { AppRoutes } from './routes';

// The providers of the signed-in screens (the query cache, the toasts) come with their shell
// (shell.tsx), after the sign-in route's script.
export function App() {
  return (
    <CrashBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </CrashBoundary>
  );
}
