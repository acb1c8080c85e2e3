// Swagger UI over this server's own openapi.yaml; "Try it out" sends requests to this server
// (the spec's only server is "/"). No validator badge: that would call another site.
"use strict";
window.addEventListener("DOMContentLoaded", () => {
  window.ui = window.SwaggerUIBundle({
    url: new URL("openapi.yaml", document.baseURI).href,
    dom_id: "#swagger-ui",
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
