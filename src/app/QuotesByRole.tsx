import { useUiRole } from '../auth/useCurrentRole';
import { Spinner } from '../ui/Spinner';
import { MyQuotesPage, ReceivedQuotesPage } from './otherPages';
import { QUOTES_TITLES, useScreenTitle } from './routeTitles';

/**
 * /quotes by role: a contractor's own quotes, or the quotes a homeowner
 * received (she prepares none, so "My quotes" would be an empty page about
 * someone else's work). Its own chunk, so the shell does not load the
 * profile hooks to pick. The tab names what is shown.
 */
export function QuotesByRole() {
  const role = useUiRole();
  useScreenTitle(QUOTES_TITLES[role ?? 'loading']);
  if (role === undefined) return <Spinner />;
  return role === 'homeowner' ? <ReceivedQuotesPage /> : <MyQuotesPage />;
}
