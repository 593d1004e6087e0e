import { createRoot } from 'react-dom/client';
import { Panel } from './Panel';
import { locale } from '../i18n';
import './panel.css';

/** Both the popup and the side panel: the page says which it is with data-side. */
document.documentElement.lang = locale;
createRoot(document.getElementById('root')!).render(<Panel side={document.body.dataset.side === 'true'} />);
