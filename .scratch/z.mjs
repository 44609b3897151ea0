import { readFileSync } from 'node:fs'; import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
const b = readFileSync('.scratch/ans.json');
for (const q of [1,3,4,5]) { const t=performance.now(); let out; for (let i=0;i<200;i++) out=brotliCompressSync(b,{params:{[constants.BROTLI_PARAM_QUALITY]:q,[constants.BROTLI_PARAM_SIZE_HINT]:b.length}}); console.log('br',q,((performance.now()-t)/200).toFixed(3),'ms',out.length); }
for (const l of [1,6]) { const t=performance.now(); let out; for (let i=0;i<200;i++) out=gzipSync(b,{level:l}); console.log('gz',l,((performance.now()-t)/200).toFixed(3),'ms',out.length); }
