"""One backend-neutral drawing (shapes and text in millimetres), rendered to PDF or SVG."""
