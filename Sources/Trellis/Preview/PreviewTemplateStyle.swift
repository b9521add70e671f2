/// The classes a catalog's `preview` templates draw with (SPEC §13), in the preview's own style
/// sheet: the CSP lets no template bring a style sheet of its own. Names with an `app-` prefix
/// never meet the preview's own classes. An image that does not load (the preview is often
/// offline) leaves a tinted box, not a broken icon (its `::after`, drawn only for a broken
/// image, covers the icon with the box's tint).
///
/// - `app-page`, `app-column`, `app-list` stack their children; `app-row` puts them side by side;
///   `app-scroller` scrolls them sideways (a carousel); `app-footer` is a quiet stacked footer.
/// - `app-text` with `headline`, `title`, `body`, `caption`, `badge` or `banner`; `app-cart-count`
///   (the cart's count) with `caption` or `badge`.
/// - `app-button` with `primary`, `secondary` or `link`.
/// - `app-image` (a figure with its `img`), `app-divider` (an `hr`).
/// - `app-hero` (an `img` filling it, `app-hero-text` over it), `app-chips` with `app-chip` pills,
///   `app-card` (`app-card-image`, `app-card-badge`, `app-card-title`, `app-card-price`),
///   `app-price`, `app-rating`, `app-top-bar` (`app-top-bar-title`, `app-icon`).
/// - `app-skeleton` (a grey block where content will load), `app-load-more` (a quiet row).
enum PreviewTemplateStyle {
    static let css = """
    .app-page,.app-column,.app-list{display:flex;flex-direction:column;gap:12px;min-width:0}
    .app-row{display:flex;gap:8px}.app-row>*{flex:1;min-width:0}
    .app-scroller{display:flex;gap:12px;overflow-x:auto;padding-bottom:6px;scroll-snap-type:x mandatory}
    .app-scroller>*{flex:0 0 62%;scroll-snap-align:start}
    .app-footer{display:flex;flex-direction:column;align-items:center;gap:4px;padding:8px 0 4px}
    .app-text{margin:0;overflow-wrap:anywhere}
    .app-text.headline{font-size:22px;font-weight:800;line-height:1.2}.app-text.title{font-size:18px;font-weight:700}
    .app-text.caption{font-size:12px;color:#6b7280}.app-text.body{color:#374151}
    .app-text.badge{align-self:flex-start;font-size:12px;font-weight:700;color:#fff;background:#dc2626;border-radius:6px;padding:2px 8px}
    .app-text.banner{padding:10px 12px;border-radius:10px;background:#fef3c7;color:#92400e;font-weight:700}
    .app-cart-count{align-self:flex-start;font-size:12px;color:#6b7280}
    .app-cart-count.badge{font-weight:700;color:#fff;background:#dc2626;border-radius:6px;padding:2px 8px}
    .app-button{display:block;text-align:center;padding:12px;border-radius:12px;font-weight:700;background:#111827;color:#fff}
    .app-button.secondary{background:#fff;color:#111827;border:2px solid #111827}
    .app-button.link{background:none;color:#2563eb;padding:2px;font-weight:600}
    .app-image{margin:0;border-radius:14px;overflow:hidden;background:linear-gradient(135deg,#cbd5e1,#94a3b8)}
    .app-image img,.app-hero img,.app-card-image img{position:relative;display:block;width:100%;object-fit:cover;
      color:transparent;font-size:0;background:inherit}
    .app-image img::after,.app-hero img::after,.app-card-image img::after{content:"";position:absolute;inset:0;background:inherit}
    .app-image img{aspect-ratio:1}
    .app-divider{border:0;border-top:1px solid #e5e7eb;margin:4px 0;width:100%}
    .app-hero{position:relative;height:210px;border-radius:16px;overflow:hidden;
      background:linear-gradient(135deg,#0f766e,#65a30d 55%,#f59e0b)}
    .app-hero img{position:absolute;inset:0;height:100%}
    .app-hero-text{position:absolute;left:0;right:0;bottom:0;padding:16px;color:#fff;
      background:linear-gradient(transparent,rgba(0,0,0,.55))}
    .app-hero-text h3{margin:0;font-size:22px;line-height:1.2}.app-hero-text p{margin:4px 0 0;font-size:13px;opacity:.9}
    .app-chips{display:flex;gap:8px;overflow-x:auto;padding-bottom:2px}
    .app-chip{flex:none;padding:6px 14px;border-radius:999px;background:#f3f4f6;border:1px solid #e5e7eb;font-size:13px;
      font-weight:600;white-space:nowrap}
    .app-card{display:flex;flex-direction:column;gap:4px;min-width:0}
    .app-card-image{position:relative;aspect-ratio:4/3;border-radius:12px;overflow:hidden;
      background:linear-gradient(160deg,#e0e7ff,#c7d2fe)}
    .app-card-image img{height:100%}
    .app-card-badge{position:absolute;top:8px;left:8px;font-size:11px;font-weight:800;color:#fff;background:#dc2626;
      border-radius:6px;padding:1px 6px}
    .app-card-title{font-size:14px;font-weight:600;line-height:1.3}.app-card-price{font-size:14px;font-weight:800}
    .app-price{font-size:24px;font-weight:800}
    .app-rating{color:#b45309;font-weight:700}.app-rating span{color:#6b7280;font-weight:400}
    .app-top-bar{display:flex;align-items:center;justify-content:space-between;padding:2px 2px 8px;
      border-bottom:1px solid #f3f4f6}
    .app-top-bar-title{font-size:18px;font-weight:800;letter-spacing:-.01em}
    .app-icon{margin-left:8px;padding:4px 10px;border-radius:999px;background:#f3f4f6;font-size:12px;font-weight:600}
    .app-skeleton{min-height:120px;border-radius:12px;background:#f3f4f6;color:#9ca3af;display:flex;align-items:center;
      justify-content:center;font-size:12px}
    .app-load-more{text-align:center;padding:10px;color:#2563eb;font-weight:600}
    """
}
