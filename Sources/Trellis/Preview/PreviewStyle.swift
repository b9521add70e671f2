/// The preview's style sheet (inline: the CSP allows no other): phone-sized columns that wrap
/// to the window's width, readable system type, replaced components outlined in amber with
/// their original type, dropped ones as red hatched placeholders, a deferred section's
/// placeholder outlined in indigo with its content under it, a rejected reload as a red
/// banner. `PreviewTemplateStyle` adds the classes the catalog's templates draw with.
enum PreviewStyle {
    static let css = """
    *{box-sizing:border-box}
    body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#eef0f3}
    .bar{position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;gap:8px 18px;align-items:center;padding:10px 20px;
      background:#fff;border-bottom:1px solid #d5d9e0}
    .bar h1{font-size:17px;margin:0}.bar code{background:#eef0f3;padding:1px 6px;border-radius:4px}
    .meta{color:#6b7280;font-size:13px}
    nav{display:flex;flex-wrap:wrap;gap:12px}
    .group{font-size:13px;color:#6b7280}
    .group a,h2 a{margin-left:6px;padding:2px 8px;border-radius:10px;background:#eef0f3;color:#1d4ed8;text-decoration:none}
    .group a.on{background:#1d4ed8;color:#fff}
    .index{font-size:13px;color:#1d4ed8}
    form{display:flex;flex-wrap:wrap;gap:6px;margin-left:auto}
    input{font:inherit;font-size:13px;padding:4px 8px;border:1px solid #c7ccd4;border-radius:6px;width:150px}
    input[name=header]{width:240px}
    button{font:inherit;font-size:13px;padding:4px 12px;border:0;border-radius:6px;background:#1d4ed8;color:#fff}
    .columns{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:20px;align-items:start;padding:20px}
    .client{min-width:0}
    .client h2{font-size:16px;margin:0 0 6px;font-family:ui-monospace,Menlo,monospace}
    .headers{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0 0 10px;padding:8px 10px;font-size:12px;
      background:#fff;border-radius:8px;font-family:ui-monospace,Menlo,monospace}
    .headers dt{color:#6b7280}.headers dd{margin:0;word-break:break-all}
    .phone{background:#fff;border:10px solid #1d1d1f;border-radius:28px;min-height:520px;padding:14px 12px;overflow:hidden}
    .stack{display:flex;flex-direction:column;gap:10px}
    .row{display:flex;flex-direction:row;gap:8px}.row>*{flex:1}
    .carousel{display:flex;gap:10px;overflow-x:auto;padding-bottom:6px}.carousel>*{flex:0 0 70%}
    .box{border:1px solid #d5d9e0;border-radius:10px;padding:8px 10px;background:#fafbfc;display:flex;flex-direction:column;gap:6px}
    .type{align-self:flex-start;font-size:11px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#4b5563;
      background:#e5e7eb;border-radius:4px;padding:0 6px}
    .field{font-size:13px;color:#374151;overflow-wrap:anywhere}.field b{color:#6b7280;font-weight:600}
    .field i{font-style:normal;color:#9ca3af}.field ul{margin:2px 0;padding-left:16px}
    .thumb{display:inline-block;vertical-align:middle;width:44px;height:32px;margin-right:6px;border-radius:4px;
      background:#e5e7eb;object-fit:cover;font-size:0}
    .text{margin:0;overflow-wrap:anywhere}
    .text[data-style=headline]{font-size:22px;font-weight:700}.text[data-style=title]{font-size:18px;font-weight:600}
    .text[data-style=caption]{font-size:12px;color:#6b7280}
    .image{margin:0}.image img{display:block;width:100%;min-height:60px;background:#e5e7eb;border-radius:8px;object-fit:cover}
    .image figcaption{font-size:12px;color:#6b7280}
    .button{display:block;text-align:center;padding:10px;border-radius:10px;background:#1d4ed8;color:#fff;font-weight:600}
    .button.secondary{background:#fff;color:#1d4ed8;border:2px solid #1d4ed8}
    .button.link{background:none;color:#1d4ed8;padding:4px;text-decoration:underline}
    .replaced{position:relative;outline:3px dashed #f59e0b;outline-offset:3px;border-radius:6px;margin-top:22px}
    .mark{position:absolute;top:-24px;left:-3px;font-size:12px;font-weight:700;color:#78350f;background:#fde68a;
      border-radius:4px;padding:1px 6px;white-space:nowrap}
    .submit{font-size:12px;color:#065f46;margin:2px 0}.submit code{background:#ecfdf5;padding:0 4px}
    .mark small,.dropped small{font-weight:400;margin-left:6px}
    .dropped{padding:10px;border:2px dashed #dc2626;border-radius:8px;color:#991b1b;font-size:13px;
      background:repeating-linear-gradient(45deg,#fef2f2,#fef2f2 8px,#fee2e2 8px,#fee2e2 16px)}
    .section{position:relative;outline:3px dashed #6366f1;outline-offset:3px;border-radius:6px;margin-top:22px}
    .section>.mark{color:#312e81;background:#e0e7ff}
    .section-content{margin-top:10px;padding-top:10px;border-top:2px dashed #a5b4fc}
    .error{padding:12px;border-radius:8px;background:#fee2e2;color:#991b1b;font-family:ui-monospace,Menlo,monospace;font-size:13px}
    .explain{margin-top:10px;font-size:12px}.explain ol{padding-left:20px;margin:6px 0}
    .explain code{font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}
    .rejected{margin:12px 20px 0;padding:10px 14px;border-radius:8px;background:#fee2e2;border:2px solid #dc2626;color:#7f1d1d}
    .rejected ul{margin:6px 0 0;padding-left:20px}.rejected code{font-family:ui-monospace,Menlo,monospace;overflow-wrap:anywhere}
    .routes{margin:20px;padding:14px 34px;background:#fff;border-radius:10px;line-height:2}
    .routes a{color:#1d4ed8;font-weight:600}.routes small{color:#6b7280}
    """
}
