/**
 * Which part of Tingyi may import which (ARCHITECTURE.md, "Who imports whom"). `npm test` checks it as one
 * step; `npm run check:modules` alone. A rule here is a boundary the code keeps, so a break names the rule.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle ties modules into one knot: move the shared piece down into a leaf both can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-are-a-leaf',
      severity: 'error',
      comment: 'contracts/ is shared by the browser, the Worker and the engine: it imports only itself and packages.',
      from: { path: '^contracts/' },
      to: { path: '^(worker|web|engine|queues|durable-objects|bench|scripts)/' },
    },
    {
      name: 'web-uses-only-contracts',
      severity: 'error',
      comment: 'The browser app shares only contracts/ with the server side.',
      from: { path: '^web/' },
      to: { path: '^(worker|engine|queues|durable-objects|bench|scripts)/' },
    },
    {
      name: 'extension-uses-contracts-and-web-leaves',
      severity: 'error',
      comment: 'The browser plugin shares contracts/, the texts and feature-free browser code with the web app, never its pages or the server side.',
      from: { path: '^extension/' },
      to: { path: '^(worker|engine|queues|durable-objects|bench|scripts|web/(pages|shell|components))/' },
    },
    {
      name: 'nothing-imports-the-extension',
      severity: 'error',
      from: { pathNot: '^extension/' },
      to: { path: '^extension/' },
    },
    {
      name: 'engine-uses-only-contracts',
      severity: 'error',
      comment: 'The engine runs in its own container and shares only contracts/ with the Worker.',
      from: { path: '^engine/' },
      to: { path: '^(worker|web|queues|durable-objects|scripts)/' },
    },
    {
      name: 'components-are-feature-free',
      severity: 'error',
      comment: 'web/components holds parts any page may use; what mounts feature dialogs lives in web/shell.',
      from: { path: '^web/components/' },
      to: { path: '^web/(features|pages|shell)/' },
    },
    {
      name: 'features-below-pages',
      severity: 'error',
      comment: 'Pages and the shell compose features, never the other way round.',
      from: { path: '^web/(features|components|lib)/' },
      to: { path: '^web/(pages|shell)/' },
    },
    {
      name: 'features-depend-one-way',
      severity: 'error',
      comment: 'Two features that import each other (directly or round a loop) are one knot: move what both need into web/lib, or into the lower feature.',
      scope: 'folder',
      from: { path: '^web/features/[^/]+' },
      to: { path: '^web/features/[^/]+', circular: true },
    },
    {
      name: 'web-lib-below-features',
      severity: 'error',
      comment: 'web/lib (request layer, socket, uploader) knows no feature.',
      from: { path: '^web/lib/' },
      to: { path: '^web/(features|components)/' },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'Routes call services; a service, queue consumer or Durable Object never reaches back into the HTTP layer.',
      from: { path: '^(worker/(services|lib|db|middleware)|queues|durable-objects)/' },
      to: { path: '^worker/(routes/|app\\.ts)' },
    },
    {
      name: 'worker-lib-below-services',
      severity: 'error',
      comment: 'worker/lib holds feature-free helpers that services build on.',
      from: { path: '^worker/lib/' },
      to: { path: '^worker/services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|worker-configuration\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
