// Draws the API reference from this service's own OpenAPI document with Swagger UI, whose
// bundle the service serves beside this file: nothing is loaded from another origin, and
// Swagger UI's validator badge (which would ask swagger.io) is off. Deep links are off too:
// they put a link inside each operation's button, which a screen reader cannot reach.
window.SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#reference',
  validatorUrl: null,
  deepLinking: false,
  defaultModelsExpandDepth: 0,
  withCredentials: true,
  // its colours for JSON keys and values fall below AA contrast on its dark code blocks
  syntaxHighlight: { activated: false },
  onComplete() {
    // Swagger UI leaves its server picker without a name
    document.getElementById('servers')?.setAttribute('aria-label', 'Server');
  },
});
