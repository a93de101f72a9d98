/*
 * test_drbg.c -- HMAC_DRBG (src/random/hmac_drbg.c) and the library RNG
 * (src/random/pp_random.c).
 *
 * Known answers: NIST CAVP "drbgvectors" (CAVS 14.3), file HMAC_DRBG.rsp,
 * [SHA-256] and [SHA-512] sections, in its three variants: no reseed,
 * "PredictionResistance = False" with an explicit reseed, and
 * "PredictionResistance = True". The values were taken from Mbed TLS's
 * transcription of those files (tests/suites/test_suite_hmac_drbg.
 * {no_reseed,nopr,pr}.data, test names "HMAC_DRBG NIST CAVS 14.3 ..."),
 * which concatenates the entropy inputs of one COUNT in the order the
 * DRBG consumes them; the first SHA-256 no-reseed case is COUNT = 0 of the
 * group with no personalization and no additional input.
 *
 * Procedure per CAVP variant (SP 800-90A 10.1.2, 9.3.1):
 *  - no reseed: instantiate(E, N, P); generate(A1); generate(A2); compare
 *    the second output.
 *  - reseed:    instantiate(E, N, P); reseed(E_r, A_r); generate(A1);
 *    generate(A2); compare the second output.
 *  - PR:        instantiate(E, N, P); reseed(E_pr1, A1); generate();
 *               reseed(E_pr2, A2); generate(); compare the second output.
 */
#include <stdlib.h>
#include <string.h>

#include <picopsa/config.h>

#include "random/hmac_drbg.h"
#include "random/pp_random.h"
#include "test_config.h"
#include "test_util.h"

enum kat_mode { NO_RESEED, RESEED, PRED_RES };

struct drbg_kat {
    const char *name;
    psa_algorithm_t hash;
    enum kat_mode mode;
    const char *entropy;    /* E || N || (E_r | E_pr1 || E_pr2) */
    const char *pers;
    const char *add_reseed; /* RESEED mode only */
    const char *add1;
    const char *add2;
    const char *out;
};

static const struct drbg_kat kats[] = {
    { "SHA-256 no reseed (0,0) COUNT 0", PSA_ALG_SHA_256, NO_RESEED,
      "ca851911349384bffe89de1cbdc46e6831e44d34a4fb935ee285dd14b71a7488"
      "659ba96c601dc69fc902940805ec0ca8",
      "", NULL, "", "",
      "e528e9abf2dece54d47c7e75e5fe302149f817ea9fb4bee6f4199697d04d5b89d54fbb978a15b5c443c9ec21036d2460"
      "b6f73ebad0dc2aba6e624abf07745bc107694bb7547bb0995f70de25d6b29e2d3011bb19d27676c07162c8b5ccde0668"
      "961df86803482cb37ed6d5c0bb8d50cf1f50d476aa0458bdaba806f48be9dcb8" },
    { "SHA-512 no reseed (256,256) COUNT 14", PSA_ALG_SHA_512, NO_RESEED,
      "45784684d6004731689e33e45b344d7b68dc4fa841133cb2dd65c4b326dffa901109dfac2e48bf17f2fea33b412dc653",
      "7c6f4675f7a0b8c424d5be9e809efa305493874d9a950cb343afdfb64e77ecb5", NULL,
      "2b2dbe3834d8be93f1396b19be83bd96823dd82740da71c5eeb7b21865021884",
      "49c322fc1bec86d3e20628d9bdc1644e6f5e0237c7c694746bfee32a00145696",
      "9110cec7d07e6e32724bf043e73021b3ca0e4516b619d036ac9a00914e12f01ece71989f55c1caccd542c60a9cccffb9"
      "1e203fd39dca2d92c8eb03ee7ee88abf21dc6891de326c3190f25ee9ab44ca72d178db0f846969465b25a07dcc83777e"
      "6b63a7f9f1a8246dd31ce50cd9eb70e6e383c9ad4dae19f7cec8bfe079b36d309c28b10161c28b8d66c357c7ee01f074"
      "03a596366725fd5bd3a5de3cb40dcf60aac10635615b866ae633fbdb7ece41695d533757d9d16c6d44fd170fae77c15b"
      "7426ed6ec8c9d6e9245cd5e19e8dc3c8c7e671007ce8454413bd07407e8a2248bee95a7669db6ee47377b4490a6251ab"
      "b60cd4e2e404ab88aa4948e71ecec50c" },
    { "SHA-512 no reseed (256,256) COUNT 13", PSA_ALG_SHA_512, NO_RESEED,
      "0bd69ce9a0a66dffefba83ae563e8df0fc6c7d7bdf491bf52cbf3f3777025cdf92b32217f550a1fe735b8519b44b040d",
      "820da3187bc879cd1f40476fd9677f3b67e02b35b6632ab68891e25f10555b69", NULL,
      "903b882de013695b4683316ffbd7c7809288d54c72e369f70cf172bff85e5629",
      "cfb5f494e76486ceef12dfe1bafd6ccf9b0754d8d2306fb0c41c0f4e921317ef",
      "ebad5e5a358ceab806ae5590d80bc0ba5d4061f49f4cb79a8a9da4fd1e8cb8f41cd8edc657c5180d18e62da2b53a5008"
      "5b7e18b957eaf4edc975ca9d43e380434f51542dcfa947c322c708f3d3593c520717230df17f9341f02a5596b2058a27"
      "ba23f72a862b391be884570b22e20c80dd20d0a935f068465d554c8291fcd88eff608e92200f90cccdc82cb5697f0406"
      "654d9582e8db54225aaa28697bf2c4f47eba086a575298b991098c212c9e8d95bfa48f7e500c7223d9cbffd1df6f7259"
      "09ab6e9aa837ff9e69158af434d18e5a7f99d1aaf10931f380d88344ad841064130cae50edf8687615743735f80457a2"
      "28475bab7559015c4f45f91bdfa31d87" },
    { "SHA-256 PR False (256,256) COUNT 13", PSA_ALG_SHA_256, RESEED,
      "29e20d724dfa459960df21c6ec76b1e6cabd23a9e9456d6c591d7e4529da0ef895df1f837eba47a1687aa5c4ddcf8aaf"
      "2a2a312626ca3e20034fc4f28033c7d573f66ef61ab2ea0c7bf0411a9d247264",
      "3713b601e164b1a51dda1ca9242ff477514648e90d311a06e10ce5aa15da5d7f",
      "ec68be33ac8ff3dd127e051604898c0f9a501271859376653a0516336180993d",
      "9935499661d699a00c622a875441b4df5204958fe95892c8ce67f7dfb2be3e4a",
      "256a4ba9e8f439d5487fa5eb45efcf1bc1120491724db3abe328d951f2739fc9",
      "73114cb3624d687d4cd49a6e769dfc7a3f8901dc41f6ad1df4ce480536fa82e52ae958d0528640d92b8bb981b755058e"
      "32c4733682e5c4c0df41f3505a1643a0dd49cfdeaf7a18adffca88256c6d2cceb838af6c92a64bc21cb7a760a0391291"
      "bfe3575e014fc156323f8eb5e86518c669dad8d29ad5fd4ef6e296f4a0764c26" },
    { "SHA-256 PR False (256,256) COUNT 14", PSA_ALG_SHA_256, RESEED,
      "1353f3543eb1134980e061fc4382394975dbc74f1f1ea5ecc02780a813ac5ee6cf584db2447afbe2c8fa0c15575ee391"
      "ba60219332a67b95d90ec9de6b8453d4c8af991ae9277461ff3af1b92fc985d3",
      "345b0cc016f2765a8c33fc24f1dcfa182cbe29d7eacbcdc9bcda988521458fc2",
      "6964b9b9842aec9c7ec2aad926d701f30eec76fe699265ae2a7765d716958069",
      "6a03c28a9365c558c33d3fdc7e5ebf0b4d32caac70df71403fd70ced09757528",
      "a58546c72a0b4d47c9bd6c19e7cf4ab73b2d7ba36c6c6dc08606f608795ebd29",
      "5b029ef68b6799868b04dc28dbea26bc2fa9fcc8c2b2795aafeed0127b7297fa19a4ef2ba60c42ff8259d5a759f92bd9"
      "0fdfb27145e82d798bb3ab7fd60bfaefb7aefb116ca2a4fa8b01d96a03c47c8d987fdd33c460e560b138891278313bb6"
      "19d0c3c6f9d7c5a37e88fce83e94943705c6ff68e00484e74ad4097b0c9e5f10" },
    { "SHA-512 PR False (256,256) COUNT 14", PSA_ALG_SHA_512, RESEED,
      "a9fd18764900768b7909db87dd4c7b87baa2cae6b0f62a8c2ee3e4c550041ca7435c7b35ecc6ef373dde3d989420b92c"
      "2bb32f9fc8c766ab840f5d0c73558dcac87e2102c28193e7ffd3381bc30e1d31",
      "8bfc5a65fa21396081d92c3d7206f92637389c60cd7a14f11811c91535c0083e",
      "404236bfe24b471ac7df938be6a96b8ebf8bc758787714d226ce727e9d2b4bd6",
      "8151ae3237ca06ca5b0373039681a9d3cf799e98c3fa2efb576822f1fe0aaa06",
      "11f0f8a2c16b1bc15fc93ff4793894f22d7494d11c94dde5ead2f0fb09bae6cb",
      "9c636c3228432fb70d521eaed3ba8e436507e29163de0f5b7e0aa9a5177aa1a3930b95f72fb0561353db7213cde9ebdb"
      "d9485a5df93ff416966e09c1e61d8f805e6a082d6372d58301660a9a0181e2ef906a5a8a999c88002eb4b4132b34efd2"
      "1618871ce28be5e66a65a1782de11e8e11c57a2debc85b0068ab553400b26a0a0f948ccb4e8bbc1173dcdab388c20ef6"
      "e2c9ac796d8816572ebc134396d38d71ba8e986eeb063a7baf5ccdcf583a723ba56bec38d4cd3e7bea563b4132f19b73"
      "0189f559300091e9171a61469460ca82d39b5148e4d288037f6926e96f384eaaa0efdacf2ad93f0da4fdca0bc5ec0f0d"
      "7c0e8dadffae4e46ae96a6511735a80e" },
    { "SHA-512 PR False (256,256) COUNT 13", PSA_ALG_SHA_512, RESEED,
      "2fba8ed5b2be9af95fb02183ca8ae0dcca90b209be73511a5dab31ec81e939117e529fca4f95a483bd307838ef0d779d"
      "bbfe77df481d807b309da929f319b39287d3ae0994f77ff616f0a763f35d44a3",
      "2de698d32010618c25ed86cccad2ea4d9fb9adf7b3dc400a2b1b4c975651d103",
      "f9ffcfd5bc9a08f6f9059f4bb7f49e093f404aa7fe736bbf4018734071c26334",
      "a309fb1f43a520a22946a6418500929e19d2b3316fb1a8c1aa5d047ddfdb8d49",
      "c1dbfdb9bdd4a3321074b57e11e5ec6dfc374248a918242fb3e22cc6612b3239",
      "3eee1bdb63433c55971297e15ac1691cbdfed576b1d2ada27cab33e660a3c8575fe989ef73e13058c9a3777c35bff1da"
      "b25e1991b78cc446738ccce723eb02136fcb24a0dd2597c3fd0a75774c4a21409689e9309e962be1e8b096c2dde59ad9"
      "dc6750051058ff6a18d57a19ec2775882ea0af65b172ed718678d841fb51437aa3133b2b328df0f4ac916a01d88c7409"
      "81bf71c4664789ca4e9d3f7fdbe7379231b64683fc891c5222f8b396a446f3b50dde823f95177b7284663402fe5452fe"
      "7bdee304abe34d71172170ff3a911782b72b2556f2337d1d23d9d632bf6831d3c173fea3ca8eb5d7993a58a4b9f8f64d"
      "5c89319acbc847576b383fae0178a097" },
    { "SHA-256 PR True (256,256) COUNT 0", PSA_ALG_SHA_256, PRED_RES,
      "4294671d493dc085b5184607d7de2ff2b6aceb734a1b026f6cfee7c5a90f03dad071544e599235d5eb38b64b551d2a6e"
      "db9b4790b62336fbb9a684b82947065393eeef8f57bd2477141ad17e776dac344a9abe80f6f522f29878bedf8245b279"
      "40a76471006fb4a4110beb4decb6c341",
      "63bc769ae1d95a98bde870e4db7776297041d37c8a5c688d4e024b78d83f4d78", NULL,
      "28848becd3f47696f124f4b14853a456156f69be583a7d4682cff8d44b39e1d3",
      "8bfce0b7132661c3cd78175d83926f643e36f7608eec2c5dac3ddcbacc8c2182",
      "e580dc969194b2b18a97478aef9d1a72390aff14562747bf080d741527a6655ce7fc135325b457483a9f9c70f91165a8"
      "11cf4524b50d51199a0df3bd60d12abac27d0bf6618e6b114e05420352e23f3603dfe8a225dc19b3d1fff1dc245dc6b1"
      "df24c741744bec3f9437dbbf222df84881a457a589e7815ef132f686b760f012" },
    { "SHA-256 PR True (256,256) COUNT 1", PSA_ALG_SHA_256, PRED_RES,
      "c7ccbc677e21661e272b63dd3a78dcdf666d3f24aecf3701a90d898aa7dc8158aeb210157e18446d13eadf3785fe81fb"
      "7ba1915b3c04c41b1d192f1a1881603c6c6291b7e9f5cb96bb816accb5ae55b6992cc7787e3b8812efbed3d27d2aa586"
      "da8d58734a0ab22ebb4c7ee39ab681c1",
      "bc55ab3cf652b0113d7b90b824c9264e5a1e770d3d584adad181e9f8eb308f6f", NULL,
      "18e817ffef39c7415c730303f63de85fc8abe4ab0fade8d686885528c169dd76",
      "ac07fcbe870ed3ea1f7eb8e79dece8e7bcf3182577354aaa00992add0a005082",
      "956f95fc3bb7fe3ed04e1a146c347f7b1d0d635e489c69e64607d287f386523d98275ed754e775504ffb4dfdac2f4b77"
      "cf9e8ecc16a224cd53de3ec5555dd5263f89dfca8b4e1eb68878635ca263984e6f2559b15f2b23b04ba5185dc2157440"
      "594cb41ecf9a36fd43e203b8599130892ac85a43237c7372da3fad2bba006bd1" },
    { "SHA-256 PR True (256,0) COUNT 8", PSA_ALG_SHA_256, PRED_RES,
      "b72d5604401b15477b659a373caae53a8fe983e2199187546756e039e72efb7f2ad472ee90447f616b7ad5bb1dc692fd"
      "1b9e1000ee6c8ba65f39a837f27a4e5cde8cbdea58ecf1145d53c219369fa86402ac05e3fe3d52fd54343179f237ae20"
      "55277d76d9276bbf83f97901232ba6c4",
      "c9038b0d468153e8529089c3db418fbbe42afae5613a8eea7c8e3c2a307c4159", NULL, "", "",
      "9c2a9dc2504e2d943d85e1c068f7e578350dfed661cb5d82cd26ce22d083f6e158a39161f303370ee844b4f75723ffb4"
      "5131223bee8efc32726bbdbb9ba2a0d8177e90e4e1c8f1d3a22e9a9eaef8b7ca4cbaf142aa1da1886d2ef9c1dc3692bb"
      "15784cfc906e12b484609403515550cc44e3b0edd42ae9c3f267ae9dd737ef28" },
    { "SHA-512 PR True (256,256) COUNT 0", PSA_ALG_SHA_512, PRED_RES,
      "3aca6b55561521007c9ece085e9a6635e346fa804335d6ad42ebd6814c017fa8aa7fd3c3dd5d03d9b8efc7f70574581f"
      "4cc19fae5a456f8a53a656d23a0b665d6ddf7f43020a5febbb552714e447565d637386b3ab33f78fd9751c7b7e67e1e1"
      "5f6e50ddc548a1eb5813f6d0d48381bf",
      "4bc9a485ec840d377ae4504aa1df41e444c4231687f3d7851c26c275bc687463", NULL,
      "b39c43539fdc24343085cbb65b8d36c54732476d781104c355c391a951313a30",
      "b6850edd4622675ef5a507eab911e249d63fcf62f330cc8a16bb2ccc5858de5d",
      "546664042bef33064da28a5718f2c2e5f72d7725e3fbe87ad2ee90fbfe6c114ed36440fbbccf29698b4360bc4ad74650"
      "de13825838106adc53002bc389ee900691649b972f3187b84d05cecc8fd034497dd99c6c997d1914b4ef838d84abf23f"
      "ae7f3ac9efdcdc04c003ac642c5126b00f9f24bf1431a4f19ef0b5f3d230aab3fdf091ba31b7ddcacdf2566f2cfab30f"
      "55b3123e733829b697b7c8b248420ab98ba6f11b017175256368e8d8361102c9e6d57386becbeabda092dd57aec65bc2"
      "0ebee78eea7294571e168c454066d256b81bb8b7bb469207a18ebedbb4348fbe97a4d86d2bd095c41f6de59aa0800e13"
      "1e98181886a2633cdcc550914d83b327" },
    { "SHA-512 PR True (256,256) COUNT 1", PSA_ALG_SHA_512, PRED_RES,
      "2531c41a234821eec46f8aa7dae8e3ae12d167d289bfbfdca928643b343eb951015c066e2d278ea39d2a459e6434e234"
      "e55fa1145583ede74e632ee8bef2a2ff76ca3b8c9c977a5813c4041f3f9328be6c67f1689d878e8ad61bfe6a39f5b034"
      "b75c40c9b305c1eeb92a3f4169ae1720",
      "d1952b7d0c4c94185adc025e67a29fda50f577770115c0931bfb03e8101d1d3e", NULL,
      "0be3f61ece380d63c68ff0d4bde36f58233358ce62c7bc588728cf1babbd4342",
      "01e76a0c9addb4dc2001bec231b72e2098a6e9e8d39ada13ff0c493aec8ba65a",
      "12336758fbec11ee264b06969bb37ff1d37034b66f8b823690758da074d4e09d84ffb493d0610b5c32f68b1a144ca654"
      "ab4f0e89c89c6ee6b872b6be4ed06a77b9809e68329addf4ebccb986dd48cf33469362af9d8f7b24aa1cc65bdb814c2e"
      "04b79860f2d53b3895b5f92502befe31729e40ceaeeecef456dbd723f485082ad475e46f6023dab6bab0eef613948231"
      "22c262baf562d55c687c3c3408c837e6383e11535e950e604df59cc0af1177283fedb5fe30966460dcf6b1625b39b590"
      "d455b9182097cfc143290556d68158fe20211effab9303115ebc5b699dc1613c195956dc61348bbb525e571c5407326a"
      "6e1628515c9275a6a5e35650c953d68f" },
};

/* Run one CAVP case; returns 1 when the second output matches. */
static int run_kat(const struct drbg_kat *k, int tamper)
{
    uint8_t entropy[128], pers[64], add_r[64], add1[64], add2[64], want[256], got[256];
    size_t entropy_len = test_hex_to(k->entropy, entropy, sizeof(entropy));
    size_t pers_len = test_hex_to(k->pers, pers, sizeof(pers));
    size_t add1_len = test_hex_to(k->add1, add1, sizeof(add1));
    size_t add2_len = test_hex_to(k->add2, add2, sizeof(add2));
    size_t out_len = test_hex_to(k->out, want, sizeof(want));
    const size_t e_len = 32, n_len = 16;   /* 256-bit entropy, 128-bit nonce */
    pp_hmac_drbg drbg;
    int ok = 1;

    if (tamper) {
        entropy[entropy_len - 1] ^= 1;   /* last entropy input of the case */
    }
    ok &= pp_hmac_drbg_instantiate(&drbg, k->hash, entropy, e_len, entropy + e_len, n_len,
                                   pers, pers_len) == PSA_SUCCESS;
    switch (k->mode) {
    case NO_RESEED:
        ok &= entropy_len == e_len + n_len;
        pp_hmac_drbg_set_prediction_resistance(&drbg, 0);
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, add1, add1_len) == PSA_SUCCESS;
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, add2, add2_len) == PSA_SUCCESS;
        break;
    case RESEED: {
        size_t add_r_len = test_hex_to(k->add_reseed, add_r, sizeof(add_r));
        ok &= entropy_len == 2 * e_len + n_len;
        pp_hmac_drbg_set_prediction_resistance(&drbg, 0);
        ok &= pp_hmac_drbg_reseed(&drbg, entropy + e_len + n_len, e_len, add_r, add_r_len) == PSA_SUCCESS;
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, add1, add1_len) == PSA_SUCCESS;
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, add2, add2_len) == PSA_SUCCESS;
        break;
    }
    case PRED_RES:
        ok &= entropy_len == 3 * e_len + n_len;
        pp_hmac_drbg_set_prediction_resistance(&drbg, 1);
        /* Without a reseed first, a PR generate must be refused. */
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, NULL, 0) == PP_HMAC_DRBG_RESEED_REQUIRED;
        ok &= pp_hmac_drbg_reseed(&drbg, entropy + e_len + n_len, e_len, add1, add1_len) == PSA_SUCCESS;
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, NULL, 0) == PSA_SUCCESS;
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, NULL, 0) == PP_HMAC_DRBG_RESEED_REQUIRED;
        ok &= pp_hmac_drbg_reseed(&drbg, entropy + 2 * e_len + n_len, e_len, add2, add2_len) == PSA_SUCCESS;
        ok &= pp_hmac_drbg_generate(&drbg, got, out_len, NULL, 0) == PSA_SUCCESS;
        break;
    }
    ok &= memcmp(got, want, out_len) == 0;
    pp_hmac_drbg_uninstantiate(&drbg);
    return ok;
}

static void test_kats(void)
{
    size_t i;
    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        int ok;
        if (!test_hash_built(kats[i].hash)) {
            /* Configured out: no DRBG over that hash. */
            pp_hmac_drbg off;
            uint8_t e[48] = { 0 };
            CHECK_STATUS(pp_hmac_drbg_instantiate(&off, kats[i].hash, e, 32, e + 32, 16, NULL, 0),
                         PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        ok = run_kat(&kats[i], 0);
        if (!ok) {
            fprintf(stderr, "KAT failed: %s\n", kats[i].name);
        }
        CHECK(ok);
        /* Negative: one flipped entropy bit must change the output. */
        CHECK(!run_kat(&kats[i], 1));
    }
}

#if PSA_WANT_ALG_SHA_512
#define TEST_DRBG_HASH2 PSA_ALG_SHA_512
#else
#define TEST_DRBG_HASH2 PSA_ALG_SHA_256
#endif

static void test_state_machine(void)
{
    uint8_t entropy[48], out[64], before[64], zero[sizeof(pp_hmac_drbg)];
    pp_hmac_drbg drbg;
    int i;

    memset(entropy, 0xa5, sizeof(entropy));
    memset(&drbg, 0, sizeof(drbg));
    memset(zero, 0, sizeof(zero));

    /* Not instantiated. */
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, 16, NULL, 0), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_hmac_drbg_reseed(&drbg, entropy, 32, NULL, 0), PSA_ERROR_BAD_STATE);

    /* Argument checks. */
    /* SHA-1 (RFC 6979 with SHA-1): 128-bit strength, 16 bytes of entropy
     * (SP 800-90A table 2). */
    CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_1, entropy, 32, NULL, 0, NULL, 0),
                 PSA_WANT_ALG_SHA_1 ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED);
    pp_hmac_drbg_uninstantiate(&drbg);
    if (PSA_WANT_ALG_SHA_1) {
        CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_1, entropy, 15, NULL, 0, NULL, 0),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_1, entropy, 16, NULL, 0, NULL, 0),
                     PSA_SUCCESS);
        pp_hmac_drbg_uninstantiate(&drbg);
    }
    CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA3_256, entropy, 32, NULL, 0, NULL, 0),
                 PSA_ERROR_NOT_SUPPORTED);
    CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_256, entropy, 31, NULL, 0, NULL, 0),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK(drbg.hash_alg == 0);
    CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, PSA_ALG_SHA_256, entropy, 32, entropy + 32, 16,
                                          NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_hmac_drbg_reseed(&drbg, entropy, 31, NULL, 0), PSA_ERROR_INVALID_ARGUMENT);
    pp_hmac_drbg_set_prediction_resistance(&drbg, 0);
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, NULL, PP_HMAC_DRBG_MAX_REQUEST + 1u, NULL, 0),
                 PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, 0, NULL, 0), PSA_SUCCESS);

    /* Reseed interval 3: requests 1..3 pass, the 4th is refused and leaves
     * the output alone, a reseed re-enables generation (over SHA-256 when
     * SHA-512 is configured out). */
    CHECK_STATUS(pp_hmac_drbg_instantiate(&drbg, TEST_DRBG_HASH2, entropy, 32, entropy + 32, 16,
                                          NULL, 0), PSA_SUCCESS);
    pp_hmac_drbg_set_prediction_resistance(&drbg, 0);
    pp_hmac_drbg_set_reseed_interval(&drbg, 3);
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PSA_SUCCESS);
    }
    memcpy(before, out, sizeof(out));
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PP_HMAC_DRBG_RESEED_REQUIRED);
    CHECK_MEM(out, before, sizeof(out));
    CHECK_STATUS(pp_hmac_drbg_reseed(&drbg, entropy, 32, NULL, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, sizeof(out), NULL, 0), PSA_SUCCESS);
    CHECK(memcmp(out, before, sizeof(out)) != 0);

    /* Output does not repeat across requests; lengths that are not a
     * multiple of the hash size are prefixes of the same stream. */
    {
        pp_hmac_drbg a, b;
        uint8_t long_out[100], short_out[37];
        CHECK_STATUS(pp_hmac_drbg_instantiate(&a, PSA_ALG_SHA_256, entropy, 32, NULL, 0, NULL, 0),
                     PSA_SUCCESS);
        b = a;
        pp_hmac_drbg_set_prediction_resistance(&a, 0);
        pp_hmac_drbg_set_prediction_resistance(&b, 0);
        CHECK_STATUS(pp_hmac_drbg_generate(&a, long_out, sizeof(long_out), NULL, 0), PSA_SUCCESS);
        CHECK_STATUS(pp_hmac_drbg_generate(&b, short_out, sizeof(short_out), NULL, 0), PSA_SUCCESS);
        CHECK_MEM(long_out, short_out, sizeof(short_out));
        pp_hmac_drbg_uninstantiate(&a);
        pp_hmac_drbg_uninstantiate(&b);
    }

    /* Uninstantiate wipes everything. */
    pp_hmac_drbg_uninstantiate(&drbg);
    CHECK(memcmp(&drbg, zero, sizeof(drbg)) == 0);
    CHECK_STATUS(pp_hmac_drbg_generate(&drbg, out, 16, NULL, 0), PSA_ERROR_BAD_STATE);
}

static unsigned popcount8(uint8_t v)
{
    unsigned n = 0;
    while (v) {
        n += v & 1u;
        v >>= 1;
    }
    return n;
}

static void test_library_rng(void)
{
    uint8_t a[32], b[32], zero[32];
    uint8_t *big;
    const size_t big_len = 3 * 65536 + 1000;   /* spans several max requests */
    size_t i, ones = 0;

    memset(zero, 0, sizeof(zero));
    CHECK_STATUS(pp_random_bytes(a, sizeof(a)), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);   /* idempotent */
    CHECK_STATUS(pp_random_bytes(a, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_random_bytes(a, sizeof(a)), PSA_SUCCESS);
    CHECK_STATUS(pp_random_bytes(b, sizeof(b)), PSA_SUCCESS);
    CHECK(memcmp(a, b, sizeof(a)) != 0);
    CHECK(memcmp(a, zero, sizeof(a)) != 0);

    big = (uint8_t *)malloc(big_len);
    CHECK_STATUS(pp_random_bytes(big, big_len), PSA_SUCCESS);
    for (i = 0; i < big_len; i++) {
        ones += popcount8(big[i]);
    }
    /* 1.6 Mbit: the bit balance is within 0.5% of 1/2 unless broken. */
    CHECK(ones > big_len * 8 / 2 - big_len * 8 / 200 && ones < big_len * 8 / 2 + big_len * 8 / 200);
    /* The 64 KB chunks continue one stream, they do not restart it. */
    CHECK(memcmp(big, big + 65536, 64) != 0);
    CHECK(memcmp(big + 65536, big + 2 * 65536, 64) != 0);
    free(big);

    /* Cross the automatic reseed point (PICOPSA_DRBG_RESEED_INTERVAL
     * requests) without an error, and keep producing distinct output. */
    for (i = 0; i < (size_t)PICOPSA_DRBG_RESEED_INTERVAL + 2u; i++) {
        if (pp_random_bytes(a, 4) != PSA_SUCCESS) {
            break;
        }
    }
    CHECK(i == (size_t)PICOPSA_DRBG_RESEED_INTERVAL + 2u);
    CHECK_STATUS(pp_random_bytes(b, sizeof(b)), PSA_SUCCESS);
    CHECK(memcmp(a, b, 4) != 0);

    pp_random_free();
    CHECK_STATUS(pp_random_bytes(a, sizeof(a)), PSA_ERROR_BAD_STATE);
    CHECK_STATUS(pp_random_init(), PSA_SUCCESS);
    CHECK_STATUS(pp_random_bytes(a, sizeof(a)), PSA_SUCCESS);
    pp_random_free();
}

int main(void)
{
    test_kats();
    test_state_machine();
    test_library_rng();
    return test_report("drbg");
}
