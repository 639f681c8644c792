/** A password for a new account or a reset, shown once to the Admin: 14 characters with no look-alikes (0/O, 1/l/I). */
const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export function generatePassword(length = 14) {
  // 256 is not a multiple of the alphabet's size: bytes past the last whole multiple are drawn again, so no letter is favoured.
  const limit = 256 - (256 % ALPHABET.length)
  let password = ''
  while (password.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && password.length < length) password += ALPHABET[byte % ALPHABET.length]
    }
  }
  return password
}
