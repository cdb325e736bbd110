import { NavLink, useLocation } from 'react-router-dom';
import { usePublicSettings } from '../../resources/settings';
import { PRODUCT_SUBTITLE, PRODUCT_TITLE } from '../../lib/brand';
import { useStoredPermissions } from '../../lib/can';
import { canAccess } from '../access';
import { APP_PAGES } from '../pages';

/** Product title and the menu items the role and its permissions may open. */
export function SideMenu({ role, onNavigate }: { role: string | null; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const permissions = useStoredPermissions();
  const items = APP_PAGES.filter((page) => canAccess(page.allow, role, permissions));
  // The company name from Settings brands the menu; 'CRM' until it loads or when unset.
  const companyName = usePublicSettings().data?.companyName?.trim() || PRODUCT_TITLE;

  return (
    <nav aria-label="Main menu">
      <div className="brand">
        <p className="brand__title">{companyName}</p>
        <p className="brand__subtitle">{PRODUCT_SUBTITLE}</p>
      </div>
      <ul className="menu">
        {items.map(({ path, label }) => (
          <li key={path}>
            <NavLink
              to={path}
              onClick={onNavigate}
              // '/' shows the dashboard too.
              className={({ isActive }) =>
                isActive || (pathname === '/' && path === '/dashboard')
                  ? 'menu__link menu__link--active'
                  : 'menu__link'
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
