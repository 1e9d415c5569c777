// The website's one style sheet, served from /assets/site.<hash>.css (src/site/assets.ts). No web
// fonts, no images: system fonts, and the charts are inline SVG coloured by these classes. Nothing
// is styled inline, so the pages' Content-Security-Policy can be `style-src 'self'`.

export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Liberation Sans",Arial,sans-serif;color:#1b1f24;background:#fff}
a{color:#0a58ca}
a:hover{color:#06357a}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
h1,h2,h3{line-height:1.25;margin:1.5rem 0 .5rem}
h1{font-size:1.6rem;margin-top:1rem;overflow-wrap:anywhere}
h2{font-size:1.25rem}
h3{font-size:1.05rem}
p{margin:.5rem 0}
.skip{position:absolute;left:-9999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}
.skip:focus{left:1rem;top:1rem}
.vh{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.top{background:#12324f;color:#fff}
.top a{color:#fff}
.top .in{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.5rem;padding:.5rem 1rem}
.brand{font-weight:700;font-size:1.1rem;text-decoration:none}
.nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.nav a{text-decoration:none;padding:.25rem 0;display:inline-block}
.nav a[aria-current]{border-bottom:3px solid #f0a500}
.picker{display:flex;gap:.5rem;align-items:center;margin-left:auto}
.picker select{max-width:14rem}
.in{max-width:66rem;margin:0 auto}
main.in{padding:0 1rem 2rem}
footer{border-top:1px solid #d0d7de;color:#57606a;font-size:.875rem}
footer .in{padding:1rem}
.muted,.meta{color:#57606a}
.meta{margin:.25rem 0 1rem}
.note{background:#f6f8fa;border-left:4px solid #8c959f;padding:.5rem .75rem;font-size:.9rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.75rem;margin:1rem 0;padding:0}
.stats div{border:1px solid #d0d7de;border-radius:6px;padding:.5rem .75rem}
.stats dt{color:#57606a;font-size:.875rem}
.stats dd{margin:0;font-size:1.5rem;font-weight:700}
.cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(19rem,1fr));gap:0 2rem}
.tw{overflow-x:auto;margin:.5rem 0 1rem;position:relative}
table{border-collapse:collapse;width:100%;font-size:.9375rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;padding:.375rem .5rem;border-bottom:1px solid #d0d7de;vertical-align:top}
thead th{border-bottom:2px solid #8c959f;font-size:.875rem}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.nw{white-space:nowrap}
.title{overflow-wrap:anywhere}
form.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;background:#f6f8fa;padding:.75rem;border-radius:6px;margin:1rem 0}
.filters label{display:flex;flex-direction:column;font-size:.875rem;gap:.125rem;min-width:0;max-width:100%}
.filters label.check{flex-direction:row;align-items:center;gap:.375rem}
input,select,button{font:inherit;font-size:1rem;padding:.3rem .5rem;border:1px solid #6e7781;border-radius:4px;background:#fff;color:#1b1f24;max-width:100%}
input[type=checkbox]{padding:0}
button{background:#0a58ca;border-color:#0a58ca;color:#fff;cursor:pointer}
.badge{display:inline-block;padding:0 .5rem;border-radius:1rem;font-size:.875rem;font-weight:600;white-space:nowrap}
.w-p{background:#dafbe1;color:#116329}
.w-o{background:#ffebe9;color:#a40e26}
svg.bar{display:block;width:100%;height:1.25rem;border-radius:3px;background:#eaeef2}
.f-za{fill:#1a7f37}.f-przeciw{fill:#cf222e}.f-wstrzymujacy{fill:#bf8700}.f-nieobecny{fill:#8c959f}.f-brak_glosu{fill:#d0d7de}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:.5rem 0}
.legend li::before,.ballots li::before{content:"";display:inline-block;width:.75rem;height:.75rem;border-radius:2px;margin-right:.375rem;vertical-align:-1px;background:#d0d7de}
.k-za::before{background:#1a7f37!important}.k-przeciw::before{background:#cf222e!important}.k-wstrzymujacy::before{background:#bf8700!important}.k-nieobecny::before{background:#8c959f!important}
.ballots{list-style:none;padding:0;margin:.25rem 0 1rem;columns:15rem;column-gap:2rem}
.ballots li{break-inside:avoid;padding:.125rem 0}
.ballots .g{color:#57606a;font-size:.875rem}
.hl{background:#fff8c5;outline:2px solid #bf8700;border-radius:3px}
.lead{font-size:1.15rem}
.card{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}
.tabs{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;padding:0;margin:1rem 0 .5rem;border-bottom:1px solid #d0d7de}
.tabs a{display:block;padding:.375rem .75rem;text-decoration:none;border:1px solid transparent;border-bottom:0;border-radius:6px 6px 0 0}
.tabs a[aria-current]{border-color:#d0d7de;background:#fff;font-weight:600;margin-bottom:-1px}
.pager ul{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;list-style:none;padding:0;margin:1rem 0}
.pager a,.pager span{display:inline-block;padding:.25rem .625rem;border:1px solid #d0d7de;border-radius:4px;text-decoration:none}
.pager [aria-current]{background:#12324f;color:#fff;border-color:#12324f}
figure{margin:1rem 0}
svg.chart{display:block;width:100%;height:auto;max-height:14rem}
.chart .c{fill:#0a58ca}.chart .ax{stroke:#8c959f;stroke-width:.5}
figcaption{font-size:.875rem;color:#57606a;display:flex;justify-content:space-between;gap:1rem}
details{margin:.5rem 0}
summary{cursor:pointer;color:#0a58ca}
ol.agenda{padding-left:0;list-style:none}
ol.agenda>li{border-top:1px solid #d0d7de;padding:.5rem 0}
.pt{font-weight:600}
.copy[hidden]{display:none}
.figs{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;list-style:none;padding:0;margin:.5rem 0}
.how{font-size:.8rem;font-weight:400;margin-left:.5rem}
.stats dd.basis{font-size:.875rem;font-weight:400;color:#57606a}
svg.map{display:block;width:100%;max-width:26rem;height:auto;border:1px solid #d0d7de;border-radius:6px}
.map-bg{fill:#fff}
.map-cap{display:block;max-width:40rem}
.legend li.sw::before{display:none}
.show-s{display:none}
form.search{display:flex;gap:.25rem;margin-left:auto}
form.search input{width:12rem;max-width:50vw}
form.search button{background:#f0a500;border-color:#f0a500;color:#12324f}
.synthetic{background:#fff8c5;border:1px solid #bf8700;border-radius:6px;padding:.5rem .75rem;margin:1rem 0}
.dl{margin:.25rem 0 1rem;font-size:.9375rem}
.share{border:1px solid #d0d7de;border-radius:8px;padding:.25rem 1rem .5rem;margin:1rem 0}
.share h2{margin-top:.5rem}
button.link{background:none;border:0;padding:0 .25rem;color:#0a58ca;text-decoration:underline;font-size:.875rem}
.files{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}
dl.columns{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dl.columns dd{margin:0}
@media (max-width:40rem){
 h1{font-size:1.35rem}
 .picker,form.search{margin-left:0;width:100%}
 form.search input{flex:1;width:auto;max-width:none}
 .hide-s{display:none}
 .show-s{display:inline}
 th,td{padding:.375rem .3rem}
 th.num{white-space:normal}
}
`.replace(/\n\s*/g, '');
