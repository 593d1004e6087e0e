import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { API } from '../../../contracts/api-paths';
import { API_BASE } from '../../../contracts/constants';

/**
 * The public API's reference, drawn by Scalar from the document the Worker generates. Scalar is large (it
 * brings its own Vue runtime), so this module loads only on /developers (web/pages/DevelopersPage.tsx).
 */
export default function ApiReference() {
  return (
    <div data-testid="api-reference">
      <ApiReferenceReact
        configuration={{ url: `${API_BASE}${API.openapi.document}`, hideClientButton: true, hideDarkModeToggle: true, withDefaultFonts: false }}
      />
    </div>
  );
}
